"""The log's own index on ``table_id`` dropped: the unique (table, seq) index serves every read by table (and
reads a seat's last move backwards, where the planner combined the two indexes and read every entry of the
player at the table). Only the index is dropped: Django's ``AlterField`` would also drop and re-add the foreign
key, checking every row of the log again under a lock."""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "games_action_table_id_af0c9b53"  # the name Django gave the foreign key's index (0001)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0009_hand_analysis_announced_at"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="action",
                    name="table",
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                            related_name="actions", to="games.table"),
                ),
            ],
            database_operations=[
                migrations.RunSQL(f'DROP INDEX IF EXISTS "{INDEX}"',
                                  reverse_sql=f'CREATE INDEX "{INDEX}" ON "games_action" ("table_id")'),
            ],
        ),
    ]
