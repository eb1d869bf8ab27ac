export { createVirtualBackgrounds, type VirtualBackgroundDeps } from './virtual-backgrounds.routes';
export { VirtualBackground, defineVirtualBackground } from './virtual-background.model';
