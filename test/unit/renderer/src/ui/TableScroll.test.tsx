import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { TableScroll } from '../../../../../renderer/src/ui/TableScroll.tsx';

it('is a plain box, no Tab stop nor named group, until its table is found wider than it', () => {
  const html = renderToStaticMarkup(
    <TableScroll label="Entries">
      <table />
    </TableScroll>,
  );
  expect(html).toBe('<div class="table-scroll"><table></table></div>');
});
