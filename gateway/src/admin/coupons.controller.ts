import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CouponParams,
  CreateCouponBody,
  Subjects,
  type AdminActor,
  type CouponView,
} from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { AdminRoute } from '../auth/access';
import { Actor } from './audit-actor';

const promotions = Subjects.billing.promotions;

/** Coupons (DECISIONS D33): finance (and the owner) make, list and disable them. */
@ApiTags('admin')
@Controller('admin/coupons')
@AdminRoute('finance')
export class CouponsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Every coupon, newest first, with its redemptions made and held' })
  list(): Promise<CouponView[]> {
    return this.rpc.call(promotions.listCoupons, {});
  }

  @Post()
  @ApiOperation({
    summary:
      'A new coupon: code, percent or flat amount (paise), plans, dates, limits, first purchase only; 409 COUPON_CODE_TAKEN',
  })
  create(@Actor() actor: AdminActor, @Body() body: CreateCouponBody): Promise<CouponView> {
    return this.rpc.call(promotions.createCoupon, { ...body, actor });
  }

  @Post(':couponId/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disables a coupon: refused from now on (orders holding it keep their price)' })
  disable(@Actor() actor: AdminActor, @Param() params: CouponParams): Promise<CouponView> {
    return this.rpc.call(promotions.disableCoupon, { couponId: params.couponId, actor });
  }
}
