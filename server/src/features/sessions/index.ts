export { Sessions, accountChannel, signInChannel, type EndOptions } from './sessions';
