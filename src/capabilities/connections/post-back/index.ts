// Posting reviews back on connected pull requests (issue 35, item 3). The connections manifest runs
// `postBackService()` as a worker service.
export { postBackService } from "./service.ts";
