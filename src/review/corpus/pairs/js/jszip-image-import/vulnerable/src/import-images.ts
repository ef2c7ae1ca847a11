// @ts-nocheck
// Bulk import: a user uploads a zip of images for a gallery; each image is stored under the gallery's folder.
import JSZip from "jszip";
import { promises as fs } from "node:fs";
import path from "node:path";
import { galleryPath, readUpload } from "./storage";

const IMAGE = /^\.(png|jpe?g|gif|webp)$/i;

async function importImages(galleryId: number, uploadId: number): Promise<string[]> {
  const zip = await JSZip.loadAsync(await readUpload(uploadId));
  const dir = galleryPath(galleryId);
  const stored: string[] = [];
  const writes: Promise<void>[] = [];
  zip.forEach((relativePath, file) => {
    if (file.dir || !IMAGE.test(path.extname(relativePath))) return;
    const dest = path.join(dir, relativePath);
    writes.push(file.async("nodebuffer").then((data) => fs.writeFile(dest, data))); // vuln: path-traversal
    stored.push(relativePath);
  });
  await Promise.all(writes);
  return stored;
}

export default importImages;
