import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, UpdateViewerPreferencesRequest, type ViewerPreferences } from '@chitram/contracts';
import { ViewerIdBody } from '../viewers/viewers.dto';
import { ViewerPreferencesRepository } from './viewer-preferences.repository';
import { Handles } from '@chitram/nest-kit';

const preferences = Subjects.users.preferences;

/** A signed-in viewer's own settings (issue 11): read with the profile, changed from the interface. */
@Controller()
export class ViewerPreferencesController {
  constructor(private readonly preferences: ViewerPreferencesRepository) {}

  @Handles(preferences.get)
  get(@Payload() body: ViewerIdBody): Promise<ViewerPreferences> {
    return this.preferences.get(body.id);
  }

  @Handles(preferences.update)
  update(@Payload() body: UpdateViewerPreferencesRequest): Promise<ViewerPreferences> {
    return this.preferences.setInterfaceLanguage(body.id, body.interfaceLanguage);
  }
}
