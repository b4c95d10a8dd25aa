import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  type InterfaceLanguageCode,
  type ViewerPreferences,
} from '@chitram/contracts';
import { DataSource } from 'typeorm';

function noAccount(): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, 'This account does not exist.');
}

/**
 * A profile's own settings (issue 11: the interface language), kept on its profile row (D37); the id
 * is the profile's, the viewer's own for the account's first profile.
 */
@Injectable()
export class ViewerPreferencesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get(id: string): Promise<ViewerPreferences> {
    const rows = await this.dataSource.query<ViewerPreferences[]>(
      `SELECT "interface_language" AS "interfaceLanguage" FROM "profile" WHERE "id" = $1`,
      [id],
    );
    if (!rows[0]) throw noAccount();
    return rows[0];
  }

  async setInterfaceLanguage(id: string, language: InterfaceLanguageCode): Promise<ViewerPreferences> {
    const [rows] = await this.dataSource.query<[ViewerPreferences[], number]>(
      // The viewer's own column is still written for the first profile, so a release before profiles
      // reads the same language (D37); nothing reads it any more.
      `WITH "account" AS (UPDATE "viewer" SET "interface_language" = $2 WHERE "id" = $1)
       UPDATE "profile" SET "interface_language" = $2 WHERE "id" = $1
        RETURNING "interface_language" AS "interfaceLanguage"`,
      [id, language],
    );
    if (!rows[0]) throw noAccount();
    return rows[0];
  }
}
