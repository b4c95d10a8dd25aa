import 'reflect-metadata';
import { runMigrateCli } from '@chitram/nest-kit';
import { catalogService } from './service';

runMigrateCli(catalogService);
