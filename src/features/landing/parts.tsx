// Small pieces shared by the block components. Server-rendered only: no state, no effects.
import type { Image, Link, Stat } from '../../generated/config/landing';

/** A content image. Width and height are always set so it never shifts the layout. */
export function Img({
  image,
  className,
  priority = false,
}: {
  image: Image;
  className?: string;
  priority?: boolean;
}) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      // The hero image is the likely LCP element: fetch it first, never lazily.
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}

/** A decorative icon beside text that says the same: hidden from assistive technology. */
export function Icon({
  src,
  size = 32,
  className = 'ef-icon',
}: {
  src: string;
  size?: number;
  className?: string;
}) {
  return (
    <img className={className} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  );
}

/** A link; in-page anchors get the smooth-scroll enhancer (they work as plain anchors without it). */
export function LinkTo({ link, className }: { link: Link; className?: string }) {
  return (
    <a
      className={className}
      href={link.href}
      data-enhance={link.href.startsWith('#') ? 'smooth-scroll' : undefined}
    >
      {link.label}
    </a>
  );
}

/** Figures read as one phrase ("155,300+ scholarships awarded last year"). */
export function StatList({ stats }: { stats: Stat[] }) {
  return (
    <ul className="ef-stats__list">
      {stats.map((stat, i) => (
        <li key={i} className="ef-stats__item">
          <strong className="ef-stats__value">{stat.value}</strong> <span>{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}
