// Files holding credentials (.local/secrets.json, .local/dev-credentials.json): readable and writable
// by their owner only (0600), whether they are created now or already existed with looser modes
// (`fs.writeFileSync`'s `mode` applies only when it creates the file).
const fs = require('node:fs');

const PRIVATE_MODE = 0o600;

/** Writes `text` to `file` with mode 0600, tightening the mode of an existing file first. */
function writePrivateFile(file, text) {
  const fd = fs.openSync(file, 'w', PRIVATE_MODE);
  try {
    fs.fchmodSync(fd, PRIVATE_MODE);
    fs.writeFileSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
}

/** JSON (two-space indented, newline-terminated) into a 0600 file. */
function writePrivateJson(file, value) {
  writePrivateFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Makes an existing credentials file private (0600); a missing file is left missing. */
function restrictFile(file) {
  try {
    if ((fs.statSync(file).mode & 0o777) !== PRIVATE_MODE) fs.chmodSync(file, PRIVATE_MODE);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
}

module.exports = { PRIVATE_MODE, writePrivateFile, writePrivateJson, restrictFile };
