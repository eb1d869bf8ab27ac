export { profileRoutes } from './profile.routes';
export { toUserDto } from './user.dto';
export type { User } from './user.model';
export { ProfileFeed, type FloorsOfProfile } from './profile-feed';
