// Choose an image from public/images or upload one: type and size checked here (the server checks
// again, by the file's bytes), the name made safe, and an existing file replaced only when asked.
// A new image asks for its description (screen readers read it) before it is used, and takes its
// width and height from the file (the server reads them). An upload is the draft's until published.
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../ui/modal/modal';
import type { ImageInfo, StudioApi } from './studio-api';

const TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** "My Photo (1).PNG" → "my-photo-1.png": the only names the server accepts. */
export function safeImageName(name: string, type: string): string {
  const ext = TYPES[type] ?? 'png';
  const base = name
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'image'}.${ext}`;
}

async function sizeOf(src: string): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () =>
      resolve(img.naturalWidth ? { width: img.naturalWidth, height: img.naturalHeight } : undefined);
    img.onerror = () => resolve(undefined);
    img.src = src;
  });
}

export function ImagePicker({
  api,
  current,
  onPick,
  onClose,
}: {
  api: StudioApi;
  current: string;
  onPick(src: string, size?: { width: number; height: number }, alt?: string): void;
  onClose(): void;
}) {
  const [images, setImages] = useState<ImageInfo[] | null>(null);
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState<{ file: File; name: string } | null>(null);
  const [filter, setFilter] = useState('');
  const [uploaded, setUploaded] = useState<{ src: string; size?: { width: number; height: number } } | null>(
    null,
  );
  useEffect(() => {
    api.listImages().then(setImages, (error: Error) => setStatus(error.message));
  }, [api]);

  const pick = async (src: string) => onPick(src, await sizeOf(src));

  const upload = async (file: File, name: string, overwrite: boolean) => {
    setStatus(`Uploading ${name}…`);
    try {
      const result = await api.uploadImage(name, file, overwrite);
      if (!result.ok) {
        setPending({ file, name });
        setStatus(`An image called ${name} already exists. Replace it, or rename your file and try again.`);
        return;
      }
      setPending(null);
      setStatus(`Uploaded ${name}. Describe it to use it.`);
      const size =
        result.width && result.height
          ? { width: result.width, height: result.height }
          : await sizeOf(result.src);
      setUploaded({ src: result.src, ...(size ? { size } : {}) });
    } catch (error) {
      setStatus((error as Error).message);
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!TYPES[file.type]) return setStatus('Choose a PNG, JPEG, WebP or SVG image.');
    if (file.size > MAX_IMAGE_BYTES)
      return setStatus('That image is larger than 2 MB: make it smaller first.');
    void upload(file, safeImageName(file.name, file.type), false);
  };

  if (uploaded)
    return (
      <Modal heading="Describe the new image" closeLabel="Close" onClose={onClose}>
        <DescribeImage
          src={uploaded.src}
          size={uploaded.size}
          onDone={(alt) => onPick(uploaded.src, uploaded.size, alt)}
        />
      </Modal>
    );

  const shown = (images ?? []).filter((image) => image.name.toLowerCase().includes(filter.toLowerCase()));
  return (
    <Modal heading="Choose an image" closeLabel="Close" onClose={onClose}>
      <div className="st-picker">
        <label className="st-label" htmlFor="st-picker-upload">
          Upload a new image (PNG, JPEG, WebP or SVG, up to 2 MB)
        </label>
        <input
          id="st-picker-upload"
          type="file"
          accept={Object.keys(TYPES).join(',')}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        {pending && (
          <button
            type="button"
            className="st-button st-button--danger"
            onClick={() => void upload(pending.file, pending.name, true)}
          >
            Replace {pending.name}
          </button>
        )}
        <p role="status" className="st-status-line">
          {status}
        </p>
        <label className="st-label" htmlFor="st-picker-filter">
          Find an image
        </label>
        <input
          id="st-picker-filter"
          className="st-input"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {images === null ? (
          <p>Loading images…</p>
        ) : (
          <ul className="st-picker__grid">
            {shown.map((image) => (
              <li key={image.src}>
                <button
                  type="button"
                  className="st-picker__choice"
                  aria-pressed={image.src === current}
                  onClick={() => void pick(image.src)}
                >
                  <img src={image.src} alt="" width={72} height={72} />
                  <span>{image.name}</span>
                  {image.draft && <span className="st-badge">Not on the site until published</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

/** A new image's description, required: what a screen reader says in its place. */
function DescribeImage({
  src,
  size,
  onDone,
}: {
  src: string;
  size?: { width: number; height: number };
  onDone(alt: string): void;
}) {
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      className="st-picker"
      onSubmit={(e) => {
        e.preventDefault();
        if (!alt.trim()) {
          setError('Describe the image: people who cannot see it hear this instead.');
          field.current?.focus();
          return;
        }
        onDone(alt.trim());
      }}
      noValidate
    >
      <img className="st-picker__preview" src={src} alt="" />
      {size && (
        <p className="st-help">
          {size.width} × {size.height} pixels (taken from the file).
        </p>
      )}
      <label className="st-label" htmlFor="st-picker-alt">
        Image description (for screen readers)
      </label>
      <p id="st-picker-alt-help" className="st-help">
        Say what the image shows, as you would on the phone: “Students writing the test in a hall”.
      </p>
      {error && (
        <p id="st-picker-alt-error" className="st-field-error">
          {error}
        </p>
      )}
      <textarea
        id="st-picker-alt"
        ref={field}
        className="st-input"
        rows={2}
        required
        value={alt}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'st-picker-alt-error st-picker-alt-help' : 'st-picker-alt-help'}
        onChange={(e) => {
          setAlt(e.target.value);
          if (error && e.target.value.trim()) setError('');
        }}
      />
      <button type="submit" className="st-button">
        Use this image
      </button>
    </form>
  );
}
