// Posting reviews back on connected pull requests (issue 35, item 3). The connections manifest runs
// `postBackService()` as a worker service; tests drive `postBackPass` directly.
export { postBackPass, postBackService, type PostBackOptions } from "./service.ts";
