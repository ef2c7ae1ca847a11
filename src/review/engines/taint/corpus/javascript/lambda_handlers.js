// AWS Lambda handlers behind API Gateway: the event carries the request in its body, query string, path
// parameters and headers. Browser and emitter events of the same name carry nothing a caller wrote there.
const { execSync } = require("child_process");
const mysql = require("mysql2/promise");

exports.search = async (event) => {
  const { term } = JSON.parse(event.body);
  const db = await mysql.createConnection({});
  const [rows] = await db.query("SELECT * FROM items WHERE name LIKE '%" + term + "%'"); // vuln: sql-injection
  return { statusCode: 200, body: JSON.stringify(rows) };
};

exports.thumbnail = async (event) => {
  const width = event.pathParameters.width;
  execSync(`convert in.png -resize ${width} out.png`); // vuln: command-injection
  return { statusCode: 204 };
};

exports.searchBound = async (event) => {
  const { term } = JSON.parse(event.body);
  const db = await mysql.createConnection({});
  const [rows] = await db.query("SELECT * FROM items WHERE name LIKE ?", [`%${term}%`]); // safe: sql-injection parameterized
  return { statusCode: 200, body: JSON.stringify(rows) };
};

// A queue consumer's event: the records are the program's own messages, read by other members.
exports.consume = async (event) => {
  for (const record of event.Records) execSync("echo " + record.messageId); // safe: command-injection not a request member
};

// A browser form's submit event.
function onSubmit(event) {
  document.getElementById("out").innerHTML = "<b>" + event.target.dataset.label + "</b>"; // safe: xss not a request member
}

module.exports.onSubmit = onSubmit;
