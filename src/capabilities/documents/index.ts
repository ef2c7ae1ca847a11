// Context documents and upload slots: the domain functions operations, the upload route and runs use.
export * from "./documents.ts";
export * from "./uploads.ts";
export { receiveUpload } from "./receive.ts";
export { cleanupUploads, recoverUploads } from "./cleanup.ts";
export { grantOfUploadUrl, uploadUrl } from "./signing.ts";
export * from "./create.ts";
