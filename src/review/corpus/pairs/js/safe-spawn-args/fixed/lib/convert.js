const { spawn, execFile } = require("child_process");

exports.convert = function convert(input, output, opts = {}) {
  const args = ["-i", input, "-y"];
  if (opts.bitrate) args.push("-b:a", String(opts.bitrate));
  args.push(output);
  return spawn("ffmpeg", args); // safe: command-injection argument array
};

exports.probe = function probe(file, cb) {
  execFile("ffprobe", ["-v", "quiet", "-print_format", "json", "-show_format", file], cb); // safe: command-injection argument array
};
