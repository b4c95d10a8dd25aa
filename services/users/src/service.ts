import { defineService, OutboxEvent } from '@chitram/nest-kit';
import { AppModule } from './app.module';
import { UsersConfig } from './config';
import { Init1763712000000 } from './migrations/1763712000000-Init';
import { Viewers1764460800000 } from './migrations/1764460800000-Viewers';
import { ViewerSearch1795380000000 } from './migrations/1795380000000-ViewerSearch';
import { SignUpAnalytics1795400000000 } from './migrations/1795400000000-SignUpAnalytics';
import { ViewerTally1795400100000 } from './migrations/1795400100000-ViewerTally';
import { InterfaceLanguage1795400200000 } from './migrations/1795400200000-InterfaceLanguage';
import { AnalyticsRebuildJobs1795400500000 } from './migrations/1795400500000-AnalyticsRebuildJobs';
import { MyList1795400600000 } from './migrations/1795400600000-MyList';
import { Profiles1795400700000 } from './migrations/1795400700000-Profiles';
import { ProfileLock1795400800000 } from './migrations/1795400800000-ProfileLock';
import { OutboxTraceContext1795818230247 } from './migrations/1795818230247-OutboxTraceContext';
import { SmsReminders1795818377930 } from './migrations/1795818377930-SmsReminders';
import { Viewer } from './viewers/viewer.entity';

export const usersService = defineService({
  name: 'users',
  config: UsersConfig,
  module: AppModule,
  database: {
    entities: [OutboxEvent, Viewer],
    migrations: [
      Init1763712000000,
      Viewers1764460800000,
      ViewerSearch1795380000000,
      SignUpAnalytics1795400000000,
      ViewerTally1795400100000,
      InterfaceLanguage1795400200000,
      AnalyticsRebuildJobs1795400500000,
      MyList1795400600000,
      Profiles1795400700000,
      ProfileLock1795400800000,
      OutboxTraceContext1795818230247,
      SmsReminders1795818377930,
    ],
  },
});
