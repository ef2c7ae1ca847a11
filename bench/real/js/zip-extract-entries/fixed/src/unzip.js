const fs = require('fs');
const path = require('path');
const yauzl = require('yauzl');

function extract(zipFile, dest) {
  return new Promise((resolve, reject) => {
    yauzl.open(zipFile, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry) => writeEntry(zip, entry, dest, () => zip.readEntry()));
      zip.on('end', resolve);
      zip.readEntry();
    });
  });
}

function writeEntry(zip, entry, dest, done) {
  const root = path.resolve(dest);
  const target = path.resolve(root, entry.fileName);
  if (!target.startsWith(root + path.sep)) return done();
  if (/\/$/.test(entry.fileName)) {
    fs.mkdirSync(target, { recursive: true });
    return done();
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  zip.openReadStream(entry, (err, stream) => {
    if (err) throw err;
    stream.pipe(fs.createWriteStream(target)).on('finish', done);
  });
}

module.exports = { extract };
