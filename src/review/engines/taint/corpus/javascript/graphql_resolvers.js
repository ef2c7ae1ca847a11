// An Apollo server's resolver map: each resolver gets (parent, args, context, info), and args is what the query sent.
const { ApolloServer, gql } = require("apollo-server");
const { execFile, exec } = require("child_process");
const db = require("./db");

const typeDefs = gql`
  type Query { user(id: ID!): User, logs(service: String!): [String] }
`;

const resolvers = {
  Query: {
    user: (parent, args, context) => db.query("SELECT * FROM users WHERE id = " + args.id), // vuln: sql-injection
    userBound: (parent, args) => db.query("SELECT * FROM users WHERE id = ?", [args.id]), // safe: sql-injection parameterized
    logs(_, args) {
      return new Promise((resolve) => exec("journalctl -u " + args.service, (e, out) => resolve(out.split("\n")))); // vuln: command-injection
    },
    logsArgv(_, args) {
      return new Promise((resolve) => execFile("journalctl", ["-u", args.service], (e, out) => resolve(out))); // safe: command-injection argument array
    },
  },
};

module.exports = new ApolloServer({ typeDefs, resolvers });
