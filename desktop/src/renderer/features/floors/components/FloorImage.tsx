import { FLOOR_IMAGE_RECOMMENDED } from '@tsudoi/common';
import './floor-card.css';

/** The floor's picture at 780:490, or a calm gradient with the title's first letter when it has none. */
export function FloorImage({ src, title, className }: { src: string | null; title: string; className?: string }) {
  const { width, height } = FLOOR_IMAGE_RECOMMENDED;
  return (
    <div className={['floor-image', className].filter(Boolean).join(' ')}>
      {src ? (
        <img src={src} alt="" width={width} height={height} loading="lazy" />
      ) : (
        <span className="floor-image__placeholder" aria-hidden="true">
          {Array.from(title.trim())[0] ?? ''}
        </span>
      )}
    </div>
  );
}
