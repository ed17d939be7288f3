import { Text } from '@mantine/core';
import { rows } from './rows.js';
import { mount } from './shell.js';

mount(<Text data-testid="virtual-rows">{rows.length} rows, no table</Text>);
