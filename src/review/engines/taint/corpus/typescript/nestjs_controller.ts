// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
// A NestJS controller: the framework fills each parameter from the request by its decorator. Parsed numbers and
// bound query parameters are the look-alikes.
import { Body, Controller, Get, Headers, Param, ParseIntPipe, Post, Query } from "@nestjs/common";
import { execFile, exec } from "node:child_process";
import { DataSource } from "typeorm";

class ConvertDto {
  file: string;
  width: number;
}

@Controller("reports")
export class ReportsController {
  constructor(private readonly ds: DataSource) {}

  @Get(":id")
  byId(@Param("id") id: string) {
    return this.ds.query(`SELECT * FROM reports WHERE id = ${id}`); // vuln: sql-injection
  }

  @Get("n/:id")
  byNumber(@Param("id", ParseIntPipe) id: number) {
    return this.ds.query(`SELECT * FROM reports WHERE id = ${id}`); // safe: sql-injection parsed number
  }

  @Get()
  search(@Query("q") q: string) {
    return this.ds.query("SELECT * FROM reports WHERE title LIKE $1", [`%${q}%`]); // safe: sql-injection parameterized
  }

  @Post("convert")
  convert(@Body() dto: ConvertDto) {
    exec(`convert ${dto.file} -resize ${dto.width} out.png`); // vuln: command-injection
  }

  @Post("convert-argv")
  convertArgv(@Body() dto: ConvertDto) {
    execFile("convert", [dto.file, "out.png"]); // safe: command-injection argument array
  }

  @Get("agent")
  agent(@Headers("user-agent") agent: string) {
    return this.ds.query("SELECT count(*) FROM visits WHERE agent = '" + agent + "'"); // vuln: sql-injection
  }

  // Not a route: a helper whose parameter the controller passes.
  summary(limit: number) {
    return this.ds.query(`SELECT * FROM reports LIMIT ${limit}`); // safe: sql-injection typed number
  }
}
