import { ApiProperty } from '@nestjs/swagger';
import { PROVIDER_ORDER_ID } from '@chitram/contracts';
import { IsUUID, Matches } from 'class-validator';

export class ReceiptParams {
  @IsUUID()
  receiptId: string;
}

export class SandboxOrderBody {
  @ApiProperty({ example: 'order_Abc123XYZ45678' })
  @Matches(PROVIDER_ORDER_ID, { message: 'orderId must be an order id' })
  orderId: string;
}
