// A publisher's tidy-up: the uploaded images no published page uses (a draft's never published,
// or one a page stopped using), each with Remove. Read when opened; focus stays in the list.
import { useRef, useState } from 'react';
import { useStudioApi } from './studio-form-context';
import type { ImageInfo } from './studio-api';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-IN')} KB`;

export function UnusedImages() {
  const api = useStudioApi();
  const [images, setImages] = useState<ImageInfo[] | null>(null);
  const [status, setStatus] = useState('');
  const list = useRef<HTMLDivElement>(null);

  const load = () => api.unusedImages().then(setImages, (e: Error) => setStatus(e.message));

  const remove = async (image: ImageInfo, index: number) => {
    try {
      const left = await api.removeImage(image.name);
      setImages(left);
      setStatus(`Removed ${image.name}.`);
      // Focus the next Remove button, or the list's heading when none is left.
      requestAnimationFrame(() => {
        const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
        (buttons?.[Math.min(index, buttons.length - 1)] ?? list.current)?.focus();
      });
    } catch (e) {
      setStatus((e as Error).message);
    }
  };

  return (
    <section aria-labelledby="st-unused-title">
      <details onToggle={(e) => (e.currentTarget.open && images === null ? void load() : undefined)}>
        <summary>
          <h2 id="st-unused-title" className="st-summary-heading">
            Images no published page uses
          </h2>
        </summary>
        <div ref={list} tabIndex={-1} aria-labelledby="st-unused-title">
          {images === null ? (
            <p>Loading…</p>
          ) : images.length === 0 ? (
            <p>Every uploaded image is used by a published page.</p>
          ) : (
            <ul className="st-unused">
              {images.map((image, i) => (
                <li key={image.name}>
                  <img src={image.src} alt="" width={48} height={48} />
                  <span>
                    {image.name} ({kb(image.bytes)}
                    {image.width && image.height ? `, ${image.width} × ${image.height}` : ''})
                    {image.draft ? ' · never published' : ''}
                  </span>
                  <button
                    type="button"
                    className="st-button st-button--small st-button--danger"
                    aria-label={`Remove ${image.name}`}
                    onClick={() => void remove(image, i)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p role="status" className="st-status-line">
          {status}
        </p>
      </details>
    </section>
  );
}
