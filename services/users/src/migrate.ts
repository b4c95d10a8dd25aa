import 'reflect-metadata';
import { runMigrateCli } from '@chitram/nest-kit';
import { usersService } from './service';

runMigrateCli(usersService);
