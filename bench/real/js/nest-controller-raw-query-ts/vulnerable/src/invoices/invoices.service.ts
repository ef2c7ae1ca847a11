import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class InvoicesService {
  constructor(private readonly dataSource: DataSource) {}

  forCustomer(customerId: string) {
    return this.dataSource.query(
      `SELECT id, number, total_cents, issued_at FROM invoices WHERE customer_id = '${customerId}' ORDER BY issued_at DESC`,
    );
  }
}
