package files

// A Fiber file service: downloads and redirects named by the request, beside the same routes confined to a
// directory's base names and to the site's own paths.

import (
	"path/filepath"
	"strings"

	"github.com/gofiber/fiber/v2"
)

const root = "/srv/shared"

func download(c *fiber.Ctx) error {
	return c.SendFile(filepath.Join(root, c.Query("name"))) // vuln: path-traversal
}

func downloadBase(c *fiber.Ctx) error {
	return c.Download(filepath.Join(root, filepath.Base(c.Params("name")))) // safe: path-traversal base name
}

func attachment(c *fiber.Ctx) error {
	return c.Download(root + "/" + c.Params("name")) // vuln: path-traversal
}

func next(c *fiber.Ctx) error {
	return c.Redirect(c.Query("next")) // vuln: open-redirect
}

func nextLocal(c *fiber.Ctx) error {
	target := c.Query("next")
	if !strings.HasPrefix(target, "/") || strings.HasPrefix(target, "//") {
		target = "/"
	}
	return c.Redirect("/app" + target) // safe: open-redirect fixed prefix
}
