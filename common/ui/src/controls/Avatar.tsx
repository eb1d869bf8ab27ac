import { initialsOf } from './initials';
import './avatar.css';

export interface AvatarProps {
  name: string;
  imageUrl: string | null;
  /** The colour behind the initials (UserDto.avatarColor, derived from the name). */
  color: string;
  size?: number;
  /** Square with rounded corners (a team logo) instead of a circle. */
  square?: boolean;
  className?: string;
}

/** A person's picture, or their initials on their avatar colour. Decorative: the name is always shown beside it. */
export function Avatar({ name, imageUrl, color, size = 40, square = false, className }: AvatarProps) {
  const classes = ['avatar', square && 'avatar--square', className].filter(Boolean).join(' ');
  const style = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.4),
    background: imageUrl ? undefined : color,
  };
  return (
    <span className={classes} style={style} aria-hidden="true">
      {imageUrl ? <img className="avatar__image" src={imageUrl} alt="" width={size} height={size} /> : initialsOf(name)}
    </span>
  );
}
