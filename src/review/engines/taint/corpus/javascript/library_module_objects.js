// A module written as one object whose methods call each other through the object's name or `this`: the object's
// own runner is reached with commands its other methods build from their callers' values; its own directory walk
// named `find` is no database query.
const fs = require("fs");
const path = require("path");
const { exec } = require("child_process");

const files = {
  run: function (command, done) {
    exec(command, done); // vuln: command-injection which() and count() build the command from their callers' values
  },
  which: function (name, done) {
    files.run("which " + name, done);
  },
  count: function (dir, done) {
    this.run("ls " + JSON.stringify(dir) + " | wc -l", done);
  },
  find: function (from, done) {
    fs.readdir(from, (err, names) => {
      if (err) return done(err);
      names.forEach((name) => files.find(path.join(from, name), done)); // safe: nosql-injection the object's own directory walk
    });
  },
  uptime: function (done) {
    files.run("uptime", done);
  },
};

module.exports = files;
