package dev.goload.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The option list of the subcommand form's help: one section per {@link FlagGroup} (in the enum's order, flags in
 * table order), each row {@code --flag=<unit>} and the description with its default, then the help options.
 * Shows only the {@code --flag} spelling; the {@code -flag} alias is mentioned once in the footer.
 */
final class GroupedOptionList implements IHelpSectionRenderer {
    static final String KEY = "goloadGroupedOptions";
    private static final int NAME_COLUMN = 30;

    private final FlagTable table;

    GroupedOptionList(FlagTable table) { this.table = table; }

    @Override
    public String render(Help help) {
        StringBuilder out = new StringBuilder();
        for (FlagGroup g : FlagGroup.values()) {
            List<FlagDef> defs = new ArrayList<>();
            for (FlagDef d : table.definitions()) {
                if (d.group() == g && !d.name().equals("mode")) defs.add(d);
            }
            if (defs.isEmpty()) continue;
            TextTable rows = newTable(help);
            for (FlagDef d : defs) rows.addRowValues(nameColumn(d), SubcommandSpec.description(d, table));
            out.append('\n').append(g.heading()).append(":\n").append(rows);
        }
        TextTable rows = newTable(help);
        for (OptionSpec o : help.commandSpec().options()) {
            if (o.usageHelp() || o.versionHelp()) rows.addRowValues(String.join(", ", o.names()), o.description()[0]);
        }
        return out.append("\nHelp:\n").append(rows).toString();
    }

    private static TextTable newTable(Help help) {
        int width = help.commandSpec().usageMessage().width();
        return TextTable.forColumns(help.colorScheme(),
                new Column(NAME_COLUMN, 2, Column.Overflow.SPAN),
                new Column(width - NAME_COLUMN, 1, Column.Overflow.WRAP));
    }

    private static String nameColumn(FlagDef d) {
        String name = "--" + d.name();
        return d.type() == FlagType.BOOL ? name + "[=<bool>]" : name + "=<" + FlagUnits.label(d) + ">";
    }
}
