// The profiles module's public face: what other modules and the seed may use (eslint.config.js, "The server's layers").
export { fullPreferences, presentFile, profileCompleteness, profileFileUrl } from './profiles.presenter';
export { ensureProfile, findProfileFile, findProfileRecord, replaceProfileLists, updateProfile } from './profiles.repository';
export type { ProfilesService } from './profiles.service';
