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

/** A viewer's own settings, kept on their account row (issue 11: the interface language). */
@Injectable()
export class ViewerPreferencesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get(id: string): Promise<ViewerPreferences> {
    const rows = await this.dataSource.query<ViewerPreferences[]>(
      `SELECT "interface_language" AS "interfaceLanguage" FROM "viewer" WHERE "id" = $1`,
      [id],
    );
    if (!rows[0]) throw noAccount();
    return rows[0];
  }

  async setInterfaceLanguage(id: string, language: InterfaceLanguageCode): Promise<ViewerPreferences> {
    const [rows] = await this.dataSource.query<[ViewerPreferences[], number]>(
      `UPDATE "viewer" SET "interface_language" = $2 WHERE "id" = $1
        RETURNING "interface_language" AS "interfaceLanguage"`,
      [id, language],
    );
    if (!rows[0]) throw noAccount();
    return rows[0];
  }
}
