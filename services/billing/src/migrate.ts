import 'reflect-metadata';
import { runMigrateCli } from '@chitram/nest-kit';
import { billingService } from './service';

runMigrateCli(billingService);
