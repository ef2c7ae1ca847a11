import { Controller, Get, Param } from '@nestjs/common';
import { InvoicesService } from './invoices.service';

@Controller('customers/:customerId/invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  list(@Param('customerId') customerId: string) {
    return this.invoices.forCustomer(customerId);
  }
}
