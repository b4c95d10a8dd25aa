import 'reflect-metadata';
import { bootstrapService } from '@chitram/nest-kit';
import { billingService } from './service';

void bootstrapService(billingService);
