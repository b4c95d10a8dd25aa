import { Module } from '@nestjs/common';
import { PartnerBook } from './partner-book';
import { PartnersController } from './partners.controller';
import { PartnersRepository } from './partners.repository';

/** Content partners and the titles each supplies (the spec's Vendor page; DECISIONS D12). */
@Module({
  controllers: [PartnersController],
  providers: [PartnersRepository, PartnerBook],
})
export class PartnersModule {}
