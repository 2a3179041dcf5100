import { IMPORT_FIELDS } from '../../../../shared/schemas/leads/import.js';
import page from '../../../ui/Page.module.css';
import styles from '../../../ui/Leads.module.css';
import type { ColumnChoice, CsvPreview } from './csv-header.js';

const FIELD_LABELS: Record<ColumnChoice, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
  source: 'Source',
  leadType: 'Lead type',
  timeZone: 'Time zone',
  ignore: 'Ignore',
  details: 'Keep as details',
};

interface ColumnMappingProps {
  preview: CsvPreview;
  choices: ColumnChoice[];
  onChoose: (column: number, choice: ColumnChoice) => void;
}

/** The file's columns with their first row, each with the lead field it is imported as. */
export function ColumnMapping({ preview, choices, onChoose }: ColumnMappingProps) {
  return (
    <div className={page.tableWrap}>
      <table className={[page.table, styles.mapping].join(' ')}>
        <caption className={[page.small, page.muted].join(' ')}>
          Match each column to a lead field. Other columns are kept with the lead as campaign details.
        </caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">First row</th>
            <th scope="col">Use as</th>
          </tr>
        </thead>
        <tbody>
          {preview.columns.map((column, i) => {
            return (
              <tr key={`${column}-${i}`}>
                <th scope="row" className={styles.rowHead}>
                  {column || <em>(no header)</em>}
                </th>
                <td className={styles.sub}>{preview.sample[i] ?? ''}</td>
                <td>
                  <select
                    className={styles.statusSelect}
                    aria-label={`Use column ${column} as`}
                    value={choices[i]}
                    onChange={(event) => onChoose(i, event.target.value as ColumnChoice)}
                  >
                    {IMPORT_FIELDS.map((option) => (
                      <option key={option} value={option}>
                        {FIELD_LABELS[option]}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
