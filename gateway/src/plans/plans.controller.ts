import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects, type Plan } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Public } from '../auth/access';

@ApiTags('plans')
@Controller('plans')
export class PlansController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'The four prepaid plans, priced by the server' })
  list(): Promise<Plan[]> {
    return this.rpc.request<Plan[]>(Subjects.billing.listPlans);
  }
}
