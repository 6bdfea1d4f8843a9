import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { label } from '#src/shared/messages.ts';
import { isTheme, type Theme } from '#src/shared/theme/theme.ts';
import { useTheme } from '#src/web/lib/theme.ts';
import { menuItemClass, MenuLabel } from './menu.tsx';

const choices: Array<[Theme, string]> = [
  ['system', label.themeSystem],
  ['light', label.themeLight],
  ['dark', label.themeDark],
];

// The account menu's theme choice: a radio group, so a screen reader hears which one is on.
export function ThemeMenuItems({ onChoose }: { onChoose: (theme: Theme) => void }) {
  const theme = useTheme();
  return (
    <DropdownMenu.Group>
      <MenuLabel>{label.theme}</MenuLabel>
      <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => isTheme(value) && onChoose(value)}>
        {choices.map(([value, name]) => (
          <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass}>
            <span className="flex size-4 items-center justify-center" aria-hidden="true">
              <DropdownMenu.ItemIndicator>
                <Check className="size-4" />
              </DropdownMenu.ItemIndicator>
            </span>
            {name}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}
