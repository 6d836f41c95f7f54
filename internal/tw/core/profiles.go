package core

import (
	"errors"
	"strings"

	"textfirst/internal/tw/settings"
)

var _ = registerHandlers(func(t *actionTable) {
	handle(t, anytime, map[string]actionHandler{
		"settings_profiles": (*App).settingsProfiles,
	})
})

// settingsProfiles lists the settings profiles of the home, then an item
// that saves the current settings as a new one. Enter on a profile
// switches to it; rename and delete act on the profile focused.
func (a *App) settingsProfiles() {
	p, ok := a.settingsPorter("settings_profiles")
	if !ok {
		return
	}
	profiles := settings.ProfilesIn(a.opts.Home)
	names, err := profiles.Names()
	if err != nil {
		a.sayError(a.tr("The profiles cannot be read: %v", err))
		return
	}
	items := append(append([]string{}, names...), a.tr("Save the current settings as a new profile"))
	a.openList(&List{Title: a.tr("Settings profiles"), Items: items,
		choose: func(i int) {
			if i == len(names) {
				a.saveProfilePrompt(profiles, p)
				return
			}
			n, err := profiles.Use(names[i], p)
			if err != nil && n == 0 {
				a.sayError(a.tr("Could not use the profile %s: %v", names[i], err))
				return
			}
			a.say(a.tr("Profile %s in use: %d settings applied.", names[i], n))
		},
		rename: func(i int) {
			if i == len(names) {
				return
			}
			a.openPrompt("rename_profile", a.tr("New name for the profile %s", names[i]), "Prompt", func(text string) {
				to := strings.TrimSpace(text)
				if to == "" || to == names[i] {
					a.say(a.tr("Cancelled."))
					return
				}
				if err := profiles.Rename(names[i], to); err != nil {
					a.sayError(a.profileError(err))
					return
				}
				a.say(a.tr("Profile %s renamed %s.", names[i], to))
			})
		},
		remove: func(i int) {
			if i == len(names) {
				return
			}
			if err := profiles.Delete(names[i]); err != nil {
				a.sayError(a.profileError(err))
				return
			}
			a.say(a.tr("Profile %s deleted.", names[i]))
			a.settingsProfiles()
		},
	})
}

// saveProfilePrompt asks for a name and saves the settings under it.
func (a *App) saveProfilePrompt(profiles settings.Profiles, p SettingsPorter) {
	a.askText("profile_name", a.tr("Name of the new profile"), func(name string) {
		if err := profiles.Save(name, p); err != nil {
			a.sayError(a.profileError(err))
			return
		}
		a.say(a.tr("Profile %s saved.", name))
	})
}

func (a *App) profileError(err error) string {
	if errors.Is(err, settings.ErrProfileName) {
		return a.tr("A profile's name is 1 to 64 letters, digits, spaces, dashes or underscores.")
	}
	return a.tr("Could not change the profiles: %v", err)
}
