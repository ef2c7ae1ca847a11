package stores

// Store listings on Gin with GORM and on Echo with sqlx: sort orders, queries and HTML bodies built from the
// request, beside the same handlers with an allow-listed column, bound arguments and escaped output.

import (
	"html"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

type Store struct {
	ID   int
	Name string
}

var orm *gorm.DB
var xdb *sqlx.DB
var sortable = map[string]bool{"name": true, "created_at": true}

func listStores(c *gin.Context) {
	var stores []Store
	orm.Order(c.Query("sort")).Find(&stores) // vuln: sql-injection
	orm.Order("created_at desc").Find(&stores) // safe: sql-injection constant
	sort := c.Query("sort")
	if sortable[sort] {
		orm.Order(sort).Find(&stores) // safe: sql-injection allow-list
	}
	by := c.Query("by")
	if _, ok := sortable[by]; ok {
		orm.Order(by).Find(&stores) // safe: sql-injection allow-list
	}
	if _, ok := sortable[by]; !ok {
		orm.Order(by).Find(&stores) // vuln: sql-injection
	}
	orm.Where("name = ?", c.Query("name")).Find(&stores) // safe: sql-injection parameterized
	c.Writer.WriteString("<h1>" + c.Query("title") + "</h1>") // vuln: xss
	c.Writer.WriteString("<h1>" + html.EscapeString(c.Query("title")) + "</h1>") // safe: xss escaped
	c.HTML(http.StatusOK, "stores.tmpl", gin.H{"stores": stores, "q": c.Query("q")}) // safe: xss a named template escapes
}

func sortedStores(c *gin.Context) {
	var stores []Store
	sort := c.DefaultQuery("sort", "name")
	if !sortable[sort] {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	orm.Order(sort).Find(&stores) // safe: sql-injection allow-list
	c.JSON(http.StatusOK, stores)
}

func searchStores(c echo.Context) error {
	var ids []int
	if err := xdb.Select(&ids, "SELECT id FROM stores WHERE city = '"+c.QueryParam("city")+"'"); err != nil { // vuln: sql-injection
		return err
	}
	if err := xdb.Select(&ids, "SELECT id FROM stores WHERE city = $1", c.QueryParam("city")); err != nil { // safe: sql-injection parameterized
		return err
	}
	var name string
	if err := xdb.Get(&name, "SELECT name FROM stores WHERE id = "+c.Param("id")); err != nil { // vuln: sql-injection
		return err
	}
	return c.HTML(http.StatusOK, "<p>"+c.QueryParam("q")+"</p>") // vuln: xss
}

func storeName(c echo.Context) error {
	return c.HTML(http.StatusOK, "<p>"+html.EscapeString(c.QueryParam("q"))+"</p>") // safe: xss escaped
}
