package main

import (
	"database/sql"
	"fmt"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
)

type ReportStore struct{ db *sql.DB }

func cleanRegion(v string) string {
	return strings.ToLower(strings.TrimSpace(v))
}

func fixedRegion(v string) string {
	return "emea"
}

func pageNumber(v string) string {
	n, _ := strconv.Atoi(v)
	return strconv.Itoa(n)
}

func (s *ReportStore) byCustomer(customer string) (*sql.Rows, error) {
	return s.db.Query("SELECT * FROM reports WHERE customer = '" + customer + "'") // vuln: sql-injection
}

func (s *ReportStore) archive(year string) (*sql.Rows, error) {
	return s.db.Query("DELETE FROM reports WHERE year = '" + year + "'") // safe: sql-injection helper called with constants
}

func runTool(name string) {
	exec.Command("sh", "-c", "report-tool "+name).Run() // vuln: command-injection
}

func (s *ReportStore) reports(w http.ResponseWriter, r *http.Request) {
	s.byCustomer(r.URL.Query().Get("customer"))
	s.archive("2019")
	region := cleanRegion(r.URL.Query().Get("region"))
	s.db.Query("SELECT * FROM reports WHERE region = '" + region + "'") // vuln: sql-injection
	fixed := fixedRegion(r.URL.Query().Get("region"))
	s.db.Query("SELECT * FROM reports WHERE region = '" + fixed + "'") // safe: sql-injection helper returns a constant
	page := pageNumber(r.URL.Query().Get("page"))
	s.db.Query("SELECT * FROM reports LIMIT 20 OFFSET " + page) // safe: sql-injection helper parses an integer
	runTool(r.URL.Query().Get("tool"))
	runTool("daily")
	fmt.Fprintln(w, "ok")
}
