// A chat server on Socket.IO beside a ws endpoint: what a client emits or sends is its own text; the connection's
// own events (connect, disconnect, error) carry what the server says.
const { Server } = require("socket.io");
const WebSocket = require("ws");
const fs = require("fs");
const path = require("path");
const { execFile } = require("child_process");

const io = new Server(3000);
const rooms = path.join(__dirname, "rooms");

io.on("connection", (socket) => {
  socket.on("history", (room, ack) => {
    ack(fs.readFileSync(path.join(rooms, room), "utf8")); // vuln: path-traversal
  });
  socket.on("history-safe", (room, ack) => {
    ack(fs.readFileSync(path.join(rooms, path.basename(room)), "utf8")); // safe: path-traversal base name only
  });
  socket.on("disconnect", (reason) => {
    fs.appendFileSync(path.join(rooms, reason + ".log"), "bye\n"); // safe: path-traversal the server's reason
  });
});

const wss = new WebSocket.Server({ port: 8080 });
wss.on("connection", (ws) => {
  ws.on("message", (data) => {
    const { tool, file } = JSON.parse(data);
    execFile("/usr/bin/" + tool, [file]); // vuln: command-injection
    execFile("/usr/bin/wc", ["-l", file]); // safe: command-injection fixed program, argument list
  });
});
