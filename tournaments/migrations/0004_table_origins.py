from django.db import migrations


def origins(apps, schema_editor):
    """The tables opened before games kept a table's origin (games 0007): a tournament's matches and the
    ladders' games say so, and so no longer count as their creator's own open tables (MAX_OPEN_TABLES)."""
    Table = apps.get_model("games", "Table")
    Table.objects.filter(tournament_match__isnull=False).update(origin="tournament")
    Table.objects.filter(ladder_game__isnull=False).update(origin="ladder")


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0003_registration_announced'),
        ('games', '0007_caps_and_consent'),
    ]

    operations = [
        migrations.RunPython(origins, migrations.RunPython.noop),
    ]
