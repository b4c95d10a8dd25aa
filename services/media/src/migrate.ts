import 'reflect-metadata';
import { runMigrateCli } from '@chitram/nest-kit';
import { mediaService } from './service';

runMigrateCli(mediaService);
