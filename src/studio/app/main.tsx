// Placeholder entry of examflow Studio's app (S1): S3 replaces it with the Studio itself.
import { createRoot } from 'react-dom/client';

const root = document.getElementById('studio-root');
if (root) createRoot(root).render(<h1>examflow Studio</h1>);
