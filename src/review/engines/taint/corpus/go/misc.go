package main

import (
	"encoding/gob"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/go-ldap/ldap/v3"
	"github.com/antchfx/xmlquery"
	"go.mongodb.org/mongo-driver/bson"
)

func misc(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	coll.FindOne(ctx, bson.M{"name": name})                     // safe: nosql-injection a form value is text
	coll.FindOne(ctx, bson.M{"$where": "this.name == '" + name + "'"}) // vuln: nosql-injection
	coll.FindOne(ctx, bson.M{"active": true})                   // safe: nosql-injection constant
	filter := "(uid=" + name + ")"
	ldap.NewSearchRequest("ou=people", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, nil, nil) // vuln: ldap-injection
	safeFilter := "(uid=" + ldap.EscapeFilter(name) + ")"
	ldap.NewSearchRequest("ou=people", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, safeFilter, nil, nil) // safe: ldap-injection sanitized
	xmlquery.Find(doc, "//user[name='"+name+"']")              // vuln: xpath-injection
	xmlquery.Find(doc, "//user[@active='true']")               // safe: xpath-injection constant
	gob.NewDecoder(r.Body).Decode(&state)                       // vuln: deserialization
	json.NewDecoder(strings.NewReader("{}")).Decode(&state)     // safe: deserialization constant input
	session, _ := store.Get(r, "s")
	session.Values["user"] = r.FormValue("user")                // vuln: trust-boundary
	session.Values["visits"] = 1                                // safe: trust-boundary constant
	var req struct{ Path string }
	json.NewDecoder(r.Body).Decode(&req)
	os.Remove("/data/" + req.Path)                              // vuln: path-traversal
	clean := "report.txt"
	os.Remove("/data/" + clean)                                 // safe: path-traversal different variable
}

// A filter decoded from a JSON body is a map that can hold operators ({"password": {"$ne": ""}}).
func searchUsers(w http.ResponseWriter, r *http.Request) {
	var filter map[string]interface{}
	json.NewDecoder(r.Body).Decode(&filter)
	coll.Find(ctx, filter) // vuln: nosql-injection
	coll.Find(ctx, bson.M{"team": r.URL.Query().Get("team")}) // safe: nosql-injection a query value is text
}
