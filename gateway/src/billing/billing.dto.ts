import { ApiProperty } from '@nestjs/swagger';
import { PLAN_KEYS, type PlanKey, PROVIDER_ORDER_ID } from '@chitram/contracts';
import { IsIn, IsUUID, Matches } from 'class-validator';

export class CreateOrderBody {
  @ApiProperty({ enum: PLAN_KEYS, description: 'The plan; the server sets the price (DECISIONS D16)' })
  @IsIn(PLAN_KEYS, { message: `planKey must be one of ${PLAN_KEYS.join(', ')}` })
  planKey: PlanKey;
}

export class ReceiptParams {
  @IsUUID()
  receiptId: string;
}

export class SandboxOrderBody {
  @ApiProperty({ example: 'order_Abc123XYZ45678' })
  @Matches(PROVIDER_ORDER_ID, { message: 'orderId must be an order id' })
  orderId: string;
}
