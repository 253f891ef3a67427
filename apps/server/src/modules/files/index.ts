// The files module's public face: what other modules may use (eslint.config.js, "The server's layers").
export type { CheckedFile } from './file-types';
export { readMultipartForm, readSingleUpload } from './files.multipart';
export type { NewFile } from './files.repository';
export { sendStoredFile } from './files.serve';
export { applicationResumesFolder, type FileReleaser, type FilesService } from './files.service';
