// @ts-nocheck
// Bulk import: a user uploads a zip of images for a gallery; each image is stored under the gallery's folder.
import JSZip from "jszip";
import sanitize from "sanitize-filename";
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
    // Galleries are flat: the image keeps its file name, with separators and `..` removed.
    const name = sanitize(relativePath.split("/").pop() ?? "");
    if (!name) return;
    const dest = path.join(dir, name);
    writes.push(file.async("nodebuffer").then((data) => fs.writeFile(dest, data))); // safe: path-traversal sanitize-filename
    stored.push(name);
  });
  await Promise.all(writes);
  return stored;
}

export default importImages;
