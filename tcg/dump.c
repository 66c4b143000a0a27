/*
 * The IR dumper (-d op) and validator. Reads the op list, never changes it.
 */
#include <inttypes.h>
#include <stdio.h>

#include "tcg/ir.h"
#include "util/log.h"

static const char *temp_name(uint64_t idx, char *buf, size_t len)
{
    const TCGTemp *t = tcg_temp((uint32_t)idx);

    switch (t->kind) {
    case TEMP_GLOBAL:
    case TEMP_FIXED: return t->name;
    case TEMP_CONST:
        snprintf(buf, len, "$0x%" PRIx64, (uint64_t)t->val);
        return buf;
    default:
        snprintf(buf, len, "tmp%d", (int)(idx - (uint64_t)tcg_ctx.nb_globals));
        return buf;
    }
}

static void dump_op(const TCGOp *op)
{
    const TCGOpDef *def = &tcg_op_defs[op->opc];
    int ntemps = def->nb_oargs + def->nb_iargs;
    char line[512], buf[32];
    int n = 0;

    if (op->opc == INDEX_op_insn_start) {
        arx_log(" ---- 0x%016" PRIx64 "\n", op->args[0]);
        return;
    }
    if (op->opc == INDEX_op_call) {
        ntemps = op->call_oargs + op->call_iargs;
        n += snprintf(line + n, sizeof(line) - (size_t)n, " call %s",
                      op->helper->name);
    } else {
        n += snprintf(line + n, sizeof(line) - (size_t)n, " %s", def->name);
    }
    for (int i = 0; i < op->nargs && n < (int)sizeof(line) - 40; i++) {
        const char *sep = i == 0 ? " " : ",";
        if (i < ntemps)
            n += snprintf(line + n, sizeof(line) - (size_t)n, "%s%s", sep,
                          temp_name(op->args[i], buf, sizeof(buf)));
        else
            n += snprintf(line + n, sizeof(line) - (size_t)n, "%s$%" PRId64,
                          sep, (int64_t)op->args[i]);
    }
    arx_log("%s\n", line);
}

void tcg_dump_ops(void)
{
    arx_log("OP:\n");
    for (int i = 0; i < tcg_ctx.nb_ops; i++)
        if (tcg_ctx.ops[i].opc != INDEX_op_nop)
            dump_op(&tcg_ctx.ops[i]);
    arx_log("\n");
}

bool tcg_validate(char *err, size_t errlen)
{
    static bool label_set[TCG_MAX_LABELS];

    for (int i = 0; i < tcg_ctx.nb_labels; i++)
        label_set[i] = false;
    for (int i = 0; i < tcg_ctx.nb_ops; i++) {
        const TCGOp *op = &tcg_ctx.ops[i];
        const TCGOpDef *def = &tcg_op_defs[op->opc];
        int nout = op->opc == INDEX_op_call ? op->call_oargs : def->nb_oargs;
        int nin = op->opc == INDEX_op_call ? op->call_iargs : def->nb_iargs;

        for (int k = 0; k < nout + nin; k++) {
            if (op->args[k] >= (uint64_t)tcg_ctx.nb_temps) {
                snprintf(err, errlen, "op %d (%s): bad temp", i, def->name);
                return false;
            }
        }
        for (int k = 0; k < nout; k++) {
            TCGTempKind kind = tcg_temp((uint32_t)op->args[k])->kind;
            if (kind == TEMP_CONST || kind == TEMP_FIXED) {
                snprintf(err, errlen, "op %d (%s): writes a constant", i,
                         def->name);
                return false;
            }
        }
        if (op->opc == INDEX_op_set_label)
            label_set[op->args[0]] = true;
        if ((op->opc == INDEX_op_br && label_set[op->args[0]]) ||
            ((op->opc == INDEX_op_brcond_i32 ||
              op->opc == INDEX_op_brcond_i64) &&
             label_set[op->args[3]])) {
            snprintf(err, errlen, "op %d (%s): backward branch", i, def->name);
            return false;
        }
    }
    return true;
}
