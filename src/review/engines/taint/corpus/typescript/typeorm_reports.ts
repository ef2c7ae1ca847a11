// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
// Report routes of an Express app on TypeORM query builders: conditions written as SQL text with the request's
// values inside, beside the same conditions with named parameters, objects and Brackets.
import express from "express";
import { Brackets } from "typeorm";
import { dataSource } from "./data-source";
import { Order } from "./entities/order";

const router = express.Router();
const orders = () => dataSource.getRepository(Order).createQueryBuilder("o");

router.get("/orders", async (req, res) => {
  const rows = await orders().where(`o.status = '${req.query.status}'`).getMany(); // vuln: sql-injection
  res.json(rows);
});

router.get("/orders/by-customer", async (req, res) => {
  const live = orders().where("o.deleted = false");
  const rows = await live.andWhere("o.customer = " + req.query.customer).getMany(); // vuln: sql-injection
  res.json(rows);
});

router.get("/orders/bound", async (req, res) => {
  const rows = await orders().where("o.status = :status", { status: req.query.status }).getMany(); // safe: sql-injection parameterized
  res.json(rows);
});

router.get("/orders/object", async (req, res) => {
  const rows = await orders().where({ status: req.query.status }).getMany(); // safe: sql-injection object condition
  res.json(rows);
});

router.get("/orders/either", async (req, res) => {
  const rows = await orders()
    .where(new Brackets((qb) => qb.where("o.a = :a", { a: req.query.a }).orWhere("o.b = :b", { b: req.query.b }))) // safe: sql-injection bound in brackets
    .getMany();
  res.json(rows);
});

router.get("/orders/total", async (req, res) => {
  const min = Number(req.query.min);
  const rows = await orders().select("o.customer").groupBy("o.customer").having(`SUM(o.total) > ${min}`).getRawMany(); // safe: sql-injection a number
  res.json(rows);
});
