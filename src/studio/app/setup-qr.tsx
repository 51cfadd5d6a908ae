// The authenticator app's setup as a QR code (the otpauth:// link of the Studio's key), drawn by
// the qrcode library as SVG and shown as an image: nothing of it is put into the page as markup.
// The library is loaded only on this screen.
import { useEffect, useState } from 'react';

export function SetupQr({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ toString }) => toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        // No code drawn: the key below it is the way in.
        () => live && setSrc(null),
      );
    return () => {
      live = false;
    };
  }, [uri]);
  if (!src) return null;
  return (
    <img
      className="st-signin__qr"
      src={src}
      width={184}
      height={184}
      alt="QR code of the Studio's key: scan it with your authenticator app"
    />
  );
}
