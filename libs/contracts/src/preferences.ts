import 'reflect-metadata';
import { IsIn, IsUUID } from 'class-validator';
import type { ViewerIdRequest } from './identity';
import { INTERFACE_LANGUAGE_CODES, type InterfaceLanguageCode } from './interface-languages';
import { subject } from './subject';

/**
 * A signed-in viewer's own settings, kept with their account (issue 11: the interface language is
 * remembered on the device and for a signed-in viewer). Null: never chosen while signed in.
 */
export interface ViewerPreferences {
  interfaceLanguage: InterfaceLanguageCode | null;
}

/** `PATCH /api/user/me`: what the viewer changes; anything but one of the eight codes is refused (400). */
export class UpdateViewerPreferencesBody {
  @IsIn(INTERFACE_LANGUAGE_CODES, {
    message: `interfaceLanguage must be one of ${INTERFACE_LANGUAGE_CODES.join(', ')}`,
  })
  interfaceLanguage: InterfaceLanguageCode;
}

/** `Subjects.users.preferences.update`: the change, for the account the gateway names. */
export class UpdateViewerPreferencesRequest extends UpdateViewerPreferencesBody {
  @IsUUID()
  id: string;
}

/** Subjects.users.preferences. */
export const ViewerPreferenceSubjects = {
  get: subject<ViewerIdRequest, ViewerPreferences>('chitram.users.viewer.preferences.get.v1'),
  update: subject<UpdateViewerPreferencesRequest, ViewerPreferences>(
    'chitram.users.viewer.preferences.update.v1',
  ),
} as const;
