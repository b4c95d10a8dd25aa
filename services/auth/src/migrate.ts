import 'reflect-metadata';
import { runMigrateCli } from '@chitram/nest-kit';
import { authService } from './service';

runMigrateCli(authService);
